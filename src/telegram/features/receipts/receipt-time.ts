/**
 * When, on a receipt: the date and the time in BOT_TIMEZONE with the zone's offset, "27 Nov 2026,
 * 15:02 (+03:00)", so that a customer anywhere reads the moment unambiguously.
 */
export function receiptTime(timeZone: string, intlLocale: string): (at: number) => string {
  const date = new Intl.DateTimeFormat(intlLocale, { timeZone, day: "numeric", month: "short", year: "numeric" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const offset = new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "longOffset" });
  return (at) => {
    const zone = offset.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
    // "GMT+03:00", or "GMT" alone at UTC.
    const sign = zone.replace(/^GMT/, "") || "+00:00";
    return `${date.format(at)}, ${time.format(at)} (${sign})`;
  };
}
