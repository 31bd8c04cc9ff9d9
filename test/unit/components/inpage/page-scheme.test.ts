// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { followPageScheme } from '@/components/inpage/inpage-styles';
import { pageScheme, parseColor, relativeLuminance } from '@/components/inpage/page-scheme';

function page(html: string): Document {
  document.head.innerHTML = '';
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.head.replaceChildren(...[...parsed.head.childNodes].map((n) => document.adoptNode(n)));
  for (const el of [document.body, document.documentElement]) {
    const style = (el === document.body ? parsed.body : parsed.documentElement).getAttribute('style');
    if (style) el.setAttribute('style', style);
  }
  return document;
}

describe('the page scheme the in-page UI follows', () => {
  it('is light on a white page even when the OS is dark (arXiv)', () => {
    expect(pageScheme(page('<body style="background: #ffffff">'), true)).toBe('light');
  });

  it('is dark on a dark page even when the OS is light', () => {
    expect(pageScheme(page('<body style="background-color: #333">'), false)).toBe('dark');
    expect(pageScheme(page('<html style="background: rgb(20, 20, 24)"><body>'), false)).toBe('dark');
  });

  it('without a painted background, is dark only where the page opts into dark and the OS asks', () => {
    expect(pageScheme(page('<body>'), true)).toBe('light');
    const optIn = '<head><meta name="color-scheme" content="light dark"></head><body>';
    expect(pageScheme(page(optIn), true)).toBe('dark');
    expect(pageScheme(page(optIn), false)).toBe('light');
  });

  it('ignores a mostly transparent background', () => {
    expect(pageScheme(page('<body style="background: rgba(0, 0, 0, 0.1)">'), false)).toBe('light');
  });

  it('parses computed colours and measures luminance as WCAG does', () => {
    expect(parseColor('rgb(255, 255, 255)')).toEqual([255, 255, 255, 1]);
    expect(parseColor('rgba(0, 0, 0, 0)')).toEqual([0, 0, 0, 0]);
    expect(parseColor('rgb(10 20 30 / 50%)')).toEqual([10, 20, 30, 0.5]);
    expect(parseColor('#333')).toEqual([51, 51, 51, 1]);
    expect(parseColor('#ffffff80')).toEqual([255, 255, 255, 128 / 255]);
    expect(parseColor('transparent')).toBeNull();
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 10);
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([51, 51, 51])).toBeCloseTo(0.0331, 3);
  });
});

describe('followPageScheme', () => {
  it('turns the hosts dark when the page turns dark after load, and light again', async () => {
    document.body.style.backgroundColor = 'rgb(255, 255, 255)';
    const host = document.createElement('paper-pulse');
    host.setAttribute('data-pp-scheme', 'light');
    document.body.append(host);
    const stop = followPageScheme(document);
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    document.body.style.backgroundColor = 'rgb(17, 17, 17)';
    await frame();
    expect(host.getAttribute('data-pp-scheme')).toBe('dark');
    document.body.style.backgroundColor = 'rgb(250, 250, 250)';
    await frame();
    expect(host.getAttribute('data-pp-scheme')).toBe('light');
    stop();
    document.body.style.backgroundColor = 'rgb(17, 17, 17)';
    await frame();
    expect(host.getAttribute('data-pp-scheme')).toBe('light');
    host.remove();
    document.body.removeAttribute('style');
  });
});
