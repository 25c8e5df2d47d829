import { useEffect, useState } from "react";

/**
 * Copies text to the clipboard and says so for `feedbackMs` ("Copié"): `copied` turns back to
 * false by itself, and stays false when the browser refuses the clipboard.
 */
export function useCopyFeedback(feedbackMs: number): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), feedbackMs);
    return () => clearTimeout(timer);
  }, [copied, feedbackMs]);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return { copied, copy };
}
