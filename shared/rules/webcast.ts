/**
 * A live sale's webcast (issue 15 "The bidder's live room": an HLS or embed URL set by the
 * operator, shown above the lot, with an audio-only switch for slow connections).
 */

/** How the room plays a webcast: an HLS stream in a video element, or a provider's player in a frame. */
export interface Webcast {
  url: string;
  kind: 'hls' | 'embed';
}

/**
 * The webcast of a sale's `webcast_url`: `.m3u8` streams are HLS; a YouTube watch, short or live
 * link becomes its embeddable player (`/embed/{id}`); any other http(s) URL is taken as an embed
 * URL as given. @returns null for no URL or one that is not http(s).
 */
export function webcastOf(url: string | null | undefined): Webcast | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (/\.m3u8$/i.test(parsed.pathname)) return { url: parsed.toString(), kind: 'hls' };
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  let youtubeId: string | null = null;
  if (host === 'youtube.com' && parsed.pathname === '/watch') youtubeId = parsed.searchParams.get('v');
  else if (host === 'youtube.com' && /^\/(live|shorts)\/[\w-]+$/.test(parsed.pathname)) youtubeId = parsed.pathname.split('/')[2];
  else if (host === 'youtu.be') youtubeId = parsed.pathname.slice(1) || null;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId)) return { url: `https://www.youtube.com/embed/${youtubeId}`, kind: 'embed' };
  return { url: parsed.toString(), kind: 'embed' };
}
