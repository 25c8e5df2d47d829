import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

/**
 * A React root in a fresh container for each test of a component file (happy-dom), unmounted
 * after it: `dom.root.render(…)` inside `act`, then query `dom.container`.
 */
export function reactRoot(): { readonly container: HTMLDivElement; readonly root: Root } {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });
  return {
    get container() {
      return container;
    },
    get root() {
      return root;
    },
  };
}
