import { describe, expect, it } from 'vitest';
import { pageVisibility, parsePageNumber, samePages } from '@/lib/viewer/visible-pages';
import { clampZoom, pageScale, PX_PER_POINT, scaleToPercent, zoomIn, zoomOut } from '@/lib/viewer/zoom';

const heights = (entries: [number, number][]) => new Map(entries);

describe('pageVisibility', () => {
  it('draws the first page and its neighbour before anything is measured', () => {
    expect(pageVisibility(new Map(), 200)).toEqual({ currentVisiblePage: 1, visiblePages: [], renderedPages: [1, 2] });
  });

  it('names the page filling most of the view, and draws the visible run with one neighbour each side', () => {
    const result = pageVisibility(
      heights([
        [50, 120],
        [51, 700],
        [52, 80],
      ]),
      200,
    );
    expect(result).toEqual({ currentVisiblePage: 51, visiblePages: [50, 51, 52], renderedPages: [49, 50, 51, 52, 53] });
  });

  it('takes the lower page on a tie, and ignores pages out of view or out of the document', () => {
    const result = pageVisibility(
      heights([
        [4, 300],
        [3, 300],
        [2, 0],
        [9, -5],
        [0, 900],
        [7.5, 900],
        [11, 900],
      ]),
      10,
    );
    expect(result.currentVisiblePage).toBe(3);
    expect(result.visiblePages).toEqual([3, 4]);
    expect(result.renderedPages).toEqual([2, 3, 4, 5]);
  });

  it('stays inside the document at both ends', () => {
    expect(pageVisibility(heights([[1, 500]]), 1).renderedPages).toEqual([1]);
    expect(
      pageVisibility(
        heights([
          [200, 500],
          [199, 20],
        ]),
        200,
      ).renderedPages,
    ).toEqual([198, 199, 200]);
    expect(pageVisibility(heights([[1, 500]]), 0)).toEqual({
      currentVisiblePage: 0,
      visiblePages: [],
      renderedPages: [],
    });
  });

  it('keeps the drawn pages bounded however long the document is', () => {
    for (let top = 1; top <= 199; top++) {
      const { renderedPages } = pageVisibility(
        heights([
          [top, 400],
          [top + 1, 500],
        ]),
        200,
      );
      expect(renderedPages.length).toBeLessThanOrEqual(4);
      expect(renderedPages).toContain(top);
    }
  });

  it('takes a wider overscan when asked', () => {
    expect(pageVisibility(heights([[10, 1]]), 20, 2).renderedPages).toEqual([8, 9, 10, 11, 12]);
  });
});

describe('page numbers and lists', () => {
  it('accepts only whole page numbers within the document', () => {
    expect(parsePageNumber(' 7 ', 10)).toBe(7);
    expect(parsePageNumber('10', 10)).toBe(10);
    for (const text of ['0', '11', '', 'abc', '2.5', '-1', '1e1']) expect(parsePageNumber(text, 10)).toBeNull();
  });

  it('compares page lists by content', () => {
    expect(samePages([1, 2], [1, 2])).toBe(true);
    expect(samePages([1, 2], [1, 3])).toBe(false);
    expect(samePages([1], [1, 2])).toBe(false);
  });
});

describe('zoom', () => {
  it('fits the width per page, and gives real size at 100 %', () => {
    expect(pageScale('fit', 612, 918)).toBeCloseTo(1.5);
    expect(pageScale(100, 612, 918)).toBeCloseTo(PX_PER_POINT);
    expect(pageScale(50, 612, 100)).toBeCloseTo(PX_PER_POINT / 2);
    expect(pageScale(500, 612, 100)).toBeCloseTo(PX_PER_POINT * 2);
    expect(scaleToPercent(PX_PER_POINT * 1.25)).toBeCloseTo(125);
  });

  it('steps within 50–200 %', () => {
    expect(zoomIn(100)).toBe(125);
    expect(zoomIn(112)).toBe(125);
    expect(zoomIn(200)).toBe(200);
    expect(zoomOut(100)).toBe(75);
    expect(zoomOut(60)).toBe(50);
    expect(zoomOut(50)).toBe(50);
    expect(clampZoom(10)).toBe(50);
    expect(clampZoom(999)).toBe(200);
  });
});
