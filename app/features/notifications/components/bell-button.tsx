import type { Ref } from "react";
import { useT } from "~/components/ui/i18n";

function BellIcon({ className = "h-6 w-6" }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15l1.5-2Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </svg>
  );
}

export type BellButtonProps = {
  /** "3", "9+", or null for no badge (nothing unread, or not loaded yet). */
  badge: string | null;
  /** "3 non lues" for screen readers, or null. */
  unreadText: string | null;
  expanded: boolean;
  controls?: string;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * The header's bell: the same look as the favourites and cart shortcuts, a badge with the unread
 * count. Its name is "Notifications", followed by the unread count when there is one. It imports
 * nothing else, because every storefront page ships it (the rest loads for signed-in users only).
 */
export function BellButton({ badge, unreadText, expanded, controls, onClick, ref }: BellButtonProps) {
  const t = useT();
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
      className="flex min-h-11 min-w-11 flex-col items-center justify-center rounded-lg px-1 text-ink hover:text-accent"
    >
      <span className="relative">
        <BellIcon />
        {badge && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[0.7rem] leading-none font-bold text-white"
          >
            {badge}
          </span>
        )}
      </span>
      {/* One text node: two adjacent spans would be read "Notifications3 non lues". */}
      <span className="sr-only">{unreadText ? t("account.bell.nameWithUnread", { unread: unreadText }) : t("account.bell.name")}</span>
    </button>
  );
}
