/**
 * What kind of device a phone is, from its browser's user agent, for the referee's row ("iPhone ·
 * Safari"): brand names only (no words to translate). Null when the user agent says nothing we know.
 * A device can claim any user agent: this tells honest devices apart, it proves nothing (the code does).
 */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b.*\bMobile\b/, 'Android phone'],
  [/\bAndroid\b/, 'Android tablet'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
]
// The order matters: Edge, Opera and Samsung's browser also say Chrome; Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
]

const first = (ua: string, table: [RegExp, string][]): string | undefined => table.find(([re]) => re.test(ua))?.[1]

export function deviceType(ua: string | undefined): string | null {
  if (!ua) return null
  const text = ua.slice(0, 512)
  const parts = [first(text, SYSTEMS), first(text, BROWSERS)].filter((x): x is string => x !== undefined)
  return parts.length ? parts.join(' · ') : null
}
