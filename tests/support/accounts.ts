/** The administrator the journeys' server creates at start-up (test-only credentials). */
export const E2E_ADMIN = { email: "admin-e2e@aurore.test", password: "AdminE2e-Secret1!" } as const;

export function uniqueEmail(prefix = "client"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
