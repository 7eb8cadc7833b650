import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

interface PluginFile {
  file: string;
  text: string;
  name: string;
  dependencies: string[];
}

/** Every fastify-plugin of the server (`fp(plugin, { name, dependencies })`), with what it declares. */
function pluginFiles(): PluginFile[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => ({ file, text: readFileSync(path.join(SRC, file), 'utf8') }))
    .flatMap(({ file, text }) => {
      const declared = /\bfp\(\s*\w+,\s*\{([^}]*)\}/.exec(text)?.[1];
      const name = declared && /name:\s*'([^']+)'/.exec(declared)?.[1];
      if (!name) return [];
      const dependencies = [...(/dependencies:\s*\[([^\]]*)\]/.exec(declared)?.[1]?.matchAll(/'([^']+)'/g) ?? [])].map(
        ([, dependency]) => dependency!,
      );
      return [{ file, text, name, dependencies }];
    });
}

/**
 * Decorators a plugin reads at request time from a plugin registered after it, on purpose: the API
 * documentation must be registered before every route to describe it, and the sign-in check comes
 * with the areas' routes.
 */
const READ_LATE: Record<string, string[]> = { openapi: ['authentication'] };

/** The decorators a plugin reads: `app.x` and `const { x, y } = app`. */
function decoratorsRead(text: string): Set<string> {
  const read = new Set([...text.matchAll(/\bapp\.([A-Za-z]+)\b/g)].map(([, name]) => name!));
  for (const [, names] of text.matchAll(/const \{([^}]+)\} = app;/g)) {
    for (const name of names!.split(',')) read.add(name.trim().split(':')[0]!.trim());
  }
  return read;
}

/**
 * A plugin declares every plugin whose decorators it reads (fastify/demo's rule): registered out of
 * order, the server then refuses to boot naming the missing plugin, instead of failing on an
 * undefined decorator at the first request that reaches it.
 */
describe('plugin dependencies', () => {
  const plugins = pluginFiles();
  const owner = new Map<string, string>();
  for (const { text, name } of plugins) {
    for (const [, decorator] of text.matchAll(/\.decorate\('([A-Za-z]+)'/g)) owner.set(decorator!, name);
  }

  it('finds the plugins and what they decorate', () => {
    expect(plugins.length).toBeGreaterThan(40);
    expect(owner.get('fleet')).toBe('fleet');
    expect(owner.get('db')).toBe('database');
    expect(owner.get('passwords')).toBe('auth-service');
  });

  it('declares every plugin whose decorators it reads', () => {
    const missing = plugins.flatMap(({ file, text, name, dependencies }) =>
      [...decoratorsRead(text)]
        .map((decorator) => ({ decorator, from: owner.get(decorator) }))
        .filter(({ from }) => from !== undefined && from !== name && !dependencies.includes(from))
        .filter(({ from }) => !READ_LATE[name]?.includes(from!))
        .map(({ decorator, from }) => `${file} (${name}) reads app.${decorator} but does not declare '${from}'`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('declares only plugins that exist', () => {
    const names = new Set(plugins.map(({ name }) => name));
    const unknown = plugins.flatMap(({ file, dependencies }) =>
      dependencies.filter((dependency) => !names.has(dependency)).map((dependency) => `${file}: '${dependency}'`),
    );
    expect(unknown).toEqual([]);
  });
});
