import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VideoWalkthrough } from '@/components/tour/video-walkthrough';

const text = {
  previous: 'Previous video',
  next: 'Next video',
  progress: (current: number, total: number) => `Video ${current} of ${total}`,
  unsupported: 'No video support.',
};
const videos = [
  {
    src: '/help/one.webm',
    type: 'video/webm',
    title: 'Placing fields',
    captions: { src: '/help/one.vtt', srclang: 'en', label: 'English' },
  },
  { src: '/help/two.webm', type: 'video/webm', title: 'Sending' },
];

const render = (list: typeof videos) => renderToStaticMarkup(createElement(VideoWalkthrough, { videos: list, text }));

describe('VideoWalkthrough', () => {
  it('shows the first video with its captions, Previous disabled at the start', () => {
    const html = render(videos);
    expect(html).toContain('data-video-index="0"');
    expect(html).toContain('src="/help/one.webm"');
    expect(html).not.toContain('/help/two.webm');
    expect(html).toMatch(
      /<track kind="captions" src="\/help\/one.vtt" srcLang="en"|<track kind="captions" src="\/help\/one.vtt" srclang="en"/,
    );
    expect(html).toContain('Video 1 of 2');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Previous video<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Next video<\/button>/);
  });

  it('renders nothing for an empty list, and no navigation for a single video', () => {
    expect(render([])).toBe('');
    expect(render(videos.slice(0, 1))).not.toContain('Next video');
  });
});
