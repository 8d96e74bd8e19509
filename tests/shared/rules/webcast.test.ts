import { describe, expect, it } from 'vitest';
import { webcastOf } from '@shared/rules/webcast.js';

describe('a live sale’s webcast (issue 15 "The bidder\'s live room")', () => {
  it('when the address is an HLS stream, then it plays as HLS; a YouTube link becomes its player; other addresses are embedded as given', () => {
    expect(webcastOf('https://cdn.example.mw/yard/live.m3u8')).toEqual({ url: 'https://cdn.example.mw/yard/live.m3u8', kind: 'hls' });
    expect(webcastOf('https://www.youtube.com/watch?v=abcDEF12345')).toEqual({ url: 'https://www.youtube.com/embed/abcDEF12345', kind: 'embed' });
    expect(webcastOf('https://youtu.be/abcDEF12345')).toEqual({ url: 'https://www.youtube.com/embed/abcDEF12345', kind: 'embed' });
    expect(webcastOf('https://www.youtube.com/live/abcDEF12345')).toEqual({ url: 'https://www.youtube.com/embed/abcDEF12345', kind: 'embed' });
    expect(webcastOf('https://player.example.mw/embed/42')).toEqual({ url: 'https://player.example.mw/embed/42', kind: 'embed' });
  });

  it('when there is no address, or it is not a web address, then there is no webcast', () => {
    for (const url of [null, undefined, '', 'javascript:alert(1)', 'ftp://x.mw/a.m3u8', 'not a url']) expect(webcastOf(url)).toBeNull();
  });
});
