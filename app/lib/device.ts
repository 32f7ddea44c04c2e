/** Phones and tablets get the native camera (spec section 9: mobile detection by user agent). */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(userAgent ?? "");
}
