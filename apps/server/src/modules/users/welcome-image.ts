// The welcome banner of the welcome prompt (gate 6), drawn as SVG so no image library or stored file is needed.
import { MSG, welcomeGreeting } from '@cqjy/domain';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Names come from user input: they must not be able to open a tag or an attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif";

export function renderWelcomeImage(input: { name: string; companyName: string | null }): string {
  const company = input.companyName === null ? '' : escapeXml(input.companyName);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="240" viewBox="0 0 800 240" role="img" aria-label="${escapeXml(MSG.portalName)}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#0ea5e9"/>',
    '</linearGradient></defs>',
    '<rect width="800" height="240" rx="12" fill="url(#bg)"/>',
    '<circle cx="700" cy="40" r="120" fill="#ffffff" fill-opacity="0.08"/>',
    '<circle cx="760" cy="220" r="80" fill="#ffffff" fill-opacity="0.06"/>',
    `<text x="48" y="96" fill="#ffffff" font-family="${FONT}" font-size="36" font-weight="600">${escapeXml(MSG.portalName)}</text>`,
    `<text x="48" y="150" fill="#ffffff" font-family="${FONT}" font-size="22">${escapeXml(welcomeGreeting(input.name))}</text>`,
    `<text x="48" y="192" fill="#e0f2fe" font-family="${FONT}" font-size="18">${company}</text>`,
    '</svg>',
  ].join('');
}
