// How the "Your sessions" dialog names a session's browser. The server keeps
// the User-Agent as sent (cut short); this reads only the browser and the
// system from it, enough to tell a laptop from a phone.

/** BROWSERS are checked in order: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** SYSTEMS are checked in order: Android also says Linux, iOS also says Mac OS X. */
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** UNKNOWN_DEVICE names a session whose browser was not kept. */
export const UNKNOWN_DEVICE = 'Unknown browser';

/**
 * describeDevice names a session's browser from its User-Agent: "Firefox on
 * Linux", "Safari on iPhone"; the first 60 characters of an agent it does not
 * know; UNKNOWN_DEVICE when there is none.
 */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  return ua.length > 60 ? `${ua.slice(0, 59)}…` : ua;
}
