import { describe, expect, it } from 'vitest';
import { EncodedAnswers } from './annotation-answers.ts';

const bytes = (n: number) => new Uint8Array(n);

describe('kept binary answers', () => {
  it('makes an answer once while it is kept, and once for two requests that arrive together', async () => {
    const answers = new EncodedAnswers(100);
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return bytes(10);
    };
    const [a, b] = await Promise.all([answers.get('k', make), answers.get('k', make)]);
    expect(a).toBe(b);
    expect(await answers.get('k', make)).toBe(a);
    expect(made).toBe(1);
  });

  it('lets the least recently used answers go past the budget, and never keeps one over half of it', async () => {
    const answers = new EncodedAnswers(100);
    let made = 0;
    const make = (n: number) => async () => {
      made++;
      return bytes(n);
    };
    await answers.get('a', make(40));
    await answers.get('b', make(40));
    await answers.get('a', make(40)); // a is now the most recently used
    await answers.get('c', make(40)); // 120 bytes: b leaves
    expect(made).toBe(3);
    await answers.get('a', make(40));
    await answers.get('c', make(40));
    expect(made).toBe(3);
    await answers.get('b', make(40));
    expect(made).toBe(4);
    await answers.get('huge', make(60));
    await answers.get('huge', make(60));
    expect(made).toBe(6);
  });

  it('keeps nothing when making the answer fails, and tries again next time', async () => {
    const answers = new EncodedAnswers(100);
    await expect(answers.get('k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('gone');
    expect(await answers.get('k', async () => bytes(1))).toHaveLength(1);
  });
});
