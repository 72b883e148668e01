// Unified social credit codes (GB 32100-2015) for generated data: the 9-character organisation code carries
// its GB 11714 check character and the 18th character is the GB 32100 check character.
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

export function computeOrgCodeCheck(body8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) {
    const ch = body8[i] ?? '';
    const value = /[0-9]/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55; // A = 10
    sum += value * (ORG_WEIGHTS[i] ?? 0);
  }
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

export function computeCreditCodeCheck(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = USCC_CHARS.indexOf(body17[i] ?? '');
    if (value < 0) throw new Error(`统一社会信用代码含非法字符：${body17}`);
    sum += value * (USCC_WEIGHTS[i] ?? 0);
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31] ?? '0';
}

/**
 * A well-formed code: '9' (registered by market regulation) + '1' (enterprise) + region + organisation code.
 * `serial` is an 8-digit organisation serial number.
 */
export function composeCreditCode(region: string, serial: string): string {
  const orgCode = serial + computeOrgCodeCheck(serial);
  const body = `91${region}${orgCode}`;
  return body + computeCreditCodeCheck(body);
}

export function isCreditCode(code: string): boolean {
  return /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code) && computeCreditCodeCheck(code.slice(0, 17)) === code[17];
}
