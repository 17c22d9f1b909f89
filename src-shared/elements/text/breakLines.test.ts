import { describe, expect, it } from 'vitest';
import { breakLines } from './breakLines';

// One unit per character makes the expected breaks easy to reason about independently of fonts.
const byLength = (text: string): number => text.length;

describe('breakLines', () => {
  it('keeps a line that fits', () => {
    expect(breakLines('hello world', 20, byLength)).toEqual(['hello world']);
  });

  it('measures a paragraph that fits once, whatever its break opportunities', () => {
    const measured: string[] = [];
    const counting = (text: string): number => {
      measured.push(text);
      return text.length;
    };
    expect(breakLines('the quick brown fox  ', 20, counting)).toEqual(['the quick brown fox']);
    expect(measured).toEqual(['the quick brown fox']);
  });

  it('breaks at spaces, trimming the spaces at line ends', () => {
    expect(breakLines('the quick brown fox', 10, byLength)).toEqual(['the quick', 'brown fox']);
  });

  it('breaks after hyphens, as Unicode line breaking allows', () => {
    expect(breakLines('well-known thing', 6, byLength)).toEqual(['well-', 'known', 'thing']);
  });

  it('honours newlines, including empty lines and CRLF', () => {
    expect(breakLines('a\r\n\nb', 10, byLength)).toEqual(['a', '', 'b']);
  });

  it('splits a word wider than the box between characters', () => {
    expect(breakLines('abcdefghij xy', 4, byLength)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
    expect(breakLines('ab abcdefghij', 4, byLength)).toEqual(['ab', 'abcd', 'efgh', 'ij']);
  });

  it('continues after the rest of a split word when the next word fits beside it', () => {
    expect(breakLines('abcdef g', 4, byLength)).toEqual(['abcd', 'ef g']);
  });

  it('returns one empty line for empty text', () => {
    expect(breakLines('', 10, byLength)).toEqual(['']);
  });
});
