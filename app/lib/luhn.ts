/**
 * The Luhn checksum (ISO/IEC 7812): card numbers, and the SIREN, SIRET and Italian VAT numbers
 * INSEE and the Agenzia delle Entrate key with it. Digits only; the callers check the length.
 */
export function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}
