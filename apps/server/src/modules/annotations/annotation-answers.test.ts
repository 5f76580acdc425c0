import { describe, expect, it } from 'vitest';
import { EncodedAnswers, type AnswerKey, type SharedAnswers } from './annotation-answers.ts';

const bytes = (n: number) => new Uint8Array(n);
const key = (name: string): AnswerKey => ({ key: name, setId: 's', family: null });

describe('kept binary answers', () => {
  it('makes an answer once while it is kept, and once for two requests that arrive together', async () => {
    const answers = new EncodedAnswers(null, 100);
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return bytes(10);
    };
    const [a, b] = await Promise.all([answers.get(key('k'), make), answers.get(key('k'), make)]);
    expect(a).toBe(b);
    expect(await answers.get(key('k'), make)).toBe(a);
    expect(made).toBe(1);
  });

  it('lets the least recently used answers go past the budget, and never keeps one over half of it', async () => {
    const answers = new EncodedAnswers(null, 100);
    let made = 0;
    const make = (n: number) => async () => {
      made++;
      return bytes(n);
    };
    await answers.get(key('a'), make(40));
    await answers.get(key('b'), make(40));
    await answers.get(key('a'), make(40)); // a is now the most recently used
    await answers.get(key('c'), make(40)); // 120 bytes: b leaves
    expect(made).toBe(3);
    await answers.get(key('a'), make(40));
    await answers.get(key('c'), make(40));
    expect(made).toBe(3);
    await answers.get(key('b'), make(40));
    expect(made).toBe(4);
    await answers.get(key('huge'), make(60));
    await answers.get(key('huge'), make(60));
    expect(made).toBe(6);
  });

  it('keeps nothing when making the answer fails, and tries again next time', async () => {
    const answers = new EncodedAnswers(null, 100);
    await expect(answers.get(key('k'), () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'gone',
    );
    expect(await answers.get(key('k'), async () => bytes(1))).toHaveLength(1);
  });

  it('reads an answer another process made, and writes the ones it makes for the others', async () => {
    const stored = new Map<string, Uint8Array>();
    const shared: SharedAnswers = {
      read: async (k) => stored.get(k) ?? null,
      write: async (k, answer) => void stored.set(k.key, answer),
    };
    const first = new EncodedAnswers(shared, 100);
    const second = new EncodedAnswers(shared, 100);
    let made = 0;
    const make = async () => {
      made++;
      return bytes(10);
    };
    const a = await first.get(key('k'), make);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stored.get('k')).toBe(a);
    expect(await second.get(key('k'), make)).toBe(a);
    expect(made).toBe(1);
  });

  it('makes the answer when the shared tier fails, and says so', async () => {
    const failures: unknown[] = [];
    const broken: SharedAnswers = {
      read: () => Promise.reject(new Error('read gone')),
      write: () => Promise.reject(new Error('write gone')),
    };
    const answers = new EncodedAnswers(broken, 100, (error) => failures.push(error));
    expect(await answers.get(key('k'), async () => bytes(3))).toHaveLength(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures.map(String)).toEqual(['Error: read gone', 'Error: write gone']);
  });
});
