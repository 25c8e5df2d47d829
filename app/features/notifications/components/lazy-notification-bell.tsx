import { lazy, Suspense, useEffect, useState } from "react";
import { BellButton } from "./bell-button";

const NotificationBell = lazy(() => import("./notification-bell").then((m) => ({ default: m.NotificationBell })));

/**
 * The bell for signed-in shoppers. Its list, live stream and actions load after hydration, in their
 * own chunk: visitors never download them and the first paint does not wait for them. A click
 * before the chunk arrives is remembered and opens the list once it is there.
 */
export function LazyNotificationBell() {
  const [hydrated, setHydrated] = useState(false);
  const [openRequested, setOpenRequested] = useState(false);
  useEffect(() => setHydrated(true), []);
  const placeholder = <BellButton badge={null} unreadText={null} expanded={false} onClick={() => setOpenRequested(true)} />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell initiallyOpen={openRequested} />
    </Suspense>
  );
}
