/**
 * The methods each path answers, from the routes as Fastify registers them: a call with another
 * method gets 405 and `Allow` (RFC 9110 §15.5.6) instead of a 404 that says the path is unknown.
 * Wildcard routes (the web app's files) say nothing about a path and are left out.
 */
export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(method: string | string[], url: string): void {
    if (url.includes('*')) return;
    let methods = this.byUrl.get(url);
    if (!methods) {
      methods = new Set();
      this.byUrl.set(url, methods);
      const source = url
        .replace(/\/+$/, '')
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      this.routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
    }
    for (const m of Array.isArray(method) ? method : [method]) methods.add(m.toUpperCase());
  }

  /** The methods `pathname` answers, sorted; empty when no route has that path. */
  allowed(pathname: string): string[] {
    const found = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(pathname)) for (const m of route.methods) found.add(m);
    return [...found].sort();
  }
}
