import { signOut } from "~/features/auth/auth-client";
import { useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { showToast } from "~/components/ui/toast";
import { useTranslateMessage } from "~/components/ui/i18n";

/** The root loader's user (app/root.tsx), as far as the header needs it. */
export type HeaderUser = { id: string; email: string; name: string; firstName?: string; role: "admin" | "user"; twoFactorEnabled: boolean };

export function useHeaderUser(): HeaderUser | null {
  const data = useRouteLoaderData("root") as { user: HeaderUser | null } | undefined;
  return data?.user ?? null;
}

/** What the account button shows: the first name ("Camille"), else the e-mail's local part. */
export function greetingName(user: HeaderUser): string {
  if (user.firstName?.trim()) return user.firstName.trim();
  const at = user.email.indexOf("@");
  return at > 0 ? user.email.slice(0, at) : user.email;
}

/** Signs out, lands on the home page and refreshes the loaders so the header forgets the user. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const translateMessage = useTranslateMessage();
  return async () => {
    const result = await signOut();
    if (!result.ok) {
      showToast(translateMessage(result.message));
      return;
    }
    await navigate("/");
    await revalidator.revalidate();
  };
}
