/**
 * Small inline SVG icons (no icon library). All are decorative (`aria-hidden`): the control
 * that holds an icon carries the accessible name. Size them with `className` (default 1.25rem).
 */
import type { ReactNode } from "react";

export type IconProps = { className?: string };

type BaseProps = IconProps & { children: ReactNode; filled?: boolean; viewBox?: string };

function Svg({ className = "h-5 w-5", children, filled = false, viewBox = "0 0 24 24" }: BaseProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      className={className}
      aria-hidden="true"
      focusable="false"
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const HEART_PATH =
  "M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z";

export function HeartIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d={HEART_PATH} />
    </Svg>
  );
}

export function HeartFilledIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d={HEART_PATH} />
    </Svg>
  );
}

/** Shopping bag, used for the cart. */
export function BagIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 8h14l-1 12.5H6L5 8Z" />
      <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
    </Svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </Svg>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20.5c1.2-3.9 4.2-6 8-6s6.8 2.1 8 6" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Svg>
  );
}

export function TruckIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.5 6.5h11v10h-11z" />
      <path d="M13.5 10h4l3 3.5v3h-7" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </Svg>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m15 5-7 7 7 7" />
    </Svg>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m9 5 7 7-7 7" />
    </Svg>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3.5 8.5h17v4h-17z" />
      <path d="M5 12.5v8h14v-8M12 8.5v12" />
      <path d="M12 8.5S10.5 4 8 4.5C6 5 6.5 8.5 12 8.5Zm0 0s1.5-4.5 4-4c2 .5 1.5 4-4 4Z" />
    </Svg>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.8 12 2.2 2.2 4.2-4.4" />
    </Svg>
  );
}

/** Circular arrows, used for returns. */
export function ReturnsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.5" />
      <path d="M20 4v4.5h-4.5" />
      <path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.5" />
      <path d="M4 20v-4.5h4.5" />
    </Svg>
  );
}

export function SparklesIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10 3.5 11.6 8a3 3 0 0 0 1.9 1.9l4.5 1.6-4.5 1.6a3 3 0 0 0-1.9 1.9L10 19.5 8.4 15a3 3 0 0 0-1.9-1.9L2 11.5 6.5 9.9A3 3 0 0 0 8.4 8L10 3.5Z" />
      <path d="M18.5 2.5v4M16.5 4.5h4M19 16.5v3M17.5 18h3" />
    </Svg>
  );
}

export function LeafIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 19c0-8 5-13.5 15-14-.5 10-6 15-14 15" />
      <path d="M5 19c3-4 6-6.5 9.5-8.5" />
    </Svg>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3Z" />
    </Svg>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </Svg>
  );
}

export function PinterestIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M12.2 2.5c-5.3 0-8 3.8-8 7 0 1.9.7 3.6 2.3 4.3.3.1.5 0 .6-.3l.2-.9c.1-.3 0-.4-.2-.7-.5-.6-.8-1.3-.8-2.3 0-3 2.2-5.6 5.8-5.6 3.2 0 4.9 1.9 4.9 4.5 0 3.4-1.5 6.3-3.8 6.3-1.2 0-2.2-1-1.9-2.3.4-1.5 1.1-3.1 1.1-4.2 0-1-.5-1.8-1.6-1.8-1.3 0-2.3 1.3-2.3 3.1 0 1.1.4 1.9.4 1.9l-1.5 6.5c-.4 1.9-.1 4.3 0 4.5 0 .1.2.2.3.1.1-.2 1.5-1.9 2-3.6l.8-3c.4.7 1.5 1.4 2.7 1.4 3.6 0 6-3.3 6-7.6 0-3.3-2.8-6.3-7-6.3Z" />
    </Svg>
  );
}

export function TiktokIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M16.6 3h-3.2v12.3c0 1.5-1.2 2.6-2.6 2.6s-2.6-1.2-2.6-2.6 1.1-2.6 2.5-2.6c.3 0 .6 0 .8.1V9.5c-.3 0-.5-.1-.8-.1-3.2 0-5.8 2.6-5.8 5.9S7.5 21.2 10.8 21.2s5.8-2.6 5.8-5.9V9.1c1.2.9 2.7 1.4 4.3 1.4V7.3c-2.3 0-4.3-1.9-4.3-4.3Z" />
    </Svg>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </Svg>
  );
}

/** Speech bubble, used for the live chat. */
export function ChatIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4z" />
    </Svg>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6.5 3.5h3l1.5 4.5-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A16.5 16.5 0 0 1 4.5 5.5a2 2 0 0 1 2-2Z" />
    </Svg>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="m3.5 7 8.5 6.5L20.5 7" />
    </Svg>
  );
}

/** Parcel, used for orders and delivery. */
export function PackageIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3 20 7v10l-8 4-8-4V7l8-4Z" />
      <path d="m4 7 8 4 8-4M12 11v10M8 5l8 4" />
    </Svg>
  );
}

export function CreditCardIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
      <path d="M2.5 10h19M6 15h4" />
    </Svg>
  );
}

/** Lipstick, used for beauty advice. */
export function LipstickIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 21h6v-8H9z" />
      <path d="M9.5 13V9l4.5-5v9" />
      <path d="M8 21h8" />
    </Svg>
  );
}

/** The icons content files refer to by name (FAQ categories, the about page's values). */
const NAMED_ICONS = {
  truck: TruckIcon,
  returns: ReturnsIcon,
  lock: LockIcon,
  sparkles: SparklesIcon,
  heart: HeartIcon,
  package: PackageIcon,
  "credit-card": CreditCardIcon,
  lipstick: LipstickIcon,
  chat: ChatIcon,
  phone: PhoneIcon,
  mail: MailIcon,
  gift: GiftIcon,
  shield: ShieldIcon,
} satisfies Record<string, (props: IconProps) => ReactNode>;

export type IconName = keyof typeof NAMED_ICONS;

/** An icon chosen by name; decorative like the others. */
export function Icon({ name, ...props }: IconProps & { name: IconName }) {
  const Named = NAMED_ICONS[name];
  return <Named {...props} />;
}

/** Aliases under the other names the brief uses. */
export const CartIcon = BagIcon;
export const RefreshIcon = ReturnsIcon;
