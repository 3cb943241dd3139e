import { describe, expect, it } from 'vitest';
import { fileKind, formatFileSize } from './file-kind.ts';

describe('fileKind', () => {
  it('sorts MIME types into what the browser can show', () => {
    expect(fileKind('image/png')).toBe('image');
    expect(fileKind('IMAGE/JPEG')).toBe('image');
    expect(fileKind('image/svg+xml')).toBe('image');
    expect(fileKind('image/tiff')).toBe('other');
    expect(fileKind('video/mp4')).toBe('video');
    expect(fileKind('audio/mpeg')).toBe('audio');
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('application/pdf; charset=binary')).toBe('pdf');
    expect(fileKind('application/zip')).toBe('other');
    expect(fileKind('')).toBe('other');
  });
});

describe('formatFileSize', () => {
  it('writes sizes the Spanish way, in decimal units', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1500)).toBe('1,5 kB');
    expect(formatFileSize(12_345_678)).toBe('12,3 MB');
    expect(formatFileSize(2_000_000_000)).toBe('2 GB');
    expect(formatFileSize(999_960)).toBe('1 MB');
  });
});
