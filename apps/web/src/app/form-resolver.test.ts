import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formResolver } from './form-resolver.ts';

const schema = z.object({ name: z.string().min(1, 'Required').min(3, 'Too short'), age: z.number() });
const run = (resolver: ReturnType<typeof formResolver<z.infer<typeof schema>>>, values: unknown) =>
  resolver(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('form resolver', () => {
  it('passes valid values through', async () => {
    expect(await run(formResolver(schema), { name: 'abc', age: 3 })).toEqual({
      values: { name: 'abc', age: 3 },
      errors: {},
    });
  });

  it("reports each field's first issue", async () => {
    const result = await run(formResolver(schema), { name: '', age: 'x' });
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe('Required');
    expect(result.errors.age).toBeDefined();
  });
});
