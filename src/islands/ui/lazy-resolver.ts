import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * A form's resolver whose schema loads with zod at the form's first check (a submit), not
 * with the page: the rules stay the API's own schema (one rule in one place), and the
 * page's JavaScript at load carries no validator (docs/decisions/0049). A failed load is
 * tried again at the next check.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.core.$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        resolver = undefined;
        throw error;
      },
    );
    return (await resolver)(values, context, options);
  };
}
