import { lazy, Suspense, useEffect, useState } from "react";
import { useAuthModal } from "~/features/auth/public/auth-modal-store";

const AuthModal = lazy(() => import("./auth-modal").then((m) => ({ default: m.AuthModal })));

/**
 * The sign-in dialog and its validation code load the first time it opens, so storefront
 * pages do not ship them with their first load.
 */
export function LazyAuthModal() {
  const { open } = useAuthModal();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
