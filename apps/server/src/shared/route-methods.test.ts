import { describe, expect, it } from 'vitest';
import { RouteMethods } from './route-methods.js';

describe('RouteMethods', () => {
  it('knows which methods a path answers, parameters and trailing slashes included', () => {
    const methods = new RouteMethods();
    methods.add('POST', '/create/user/v1');
    methods.add(['GET', 'HEAD'], '/device/v1/packages/:id/:file');
    methods.add('GET', '/*');
    methods.add('DELETE', '/create/user/v1');
    expect(methods.allowed('/create/user/v1')).toEqual(['DELETE', 'POST']);
    expect(methods.allowed('/create/user/v1/')).toEqual(['DELETE', 'POST']);
    expect(methods.allowed('/device/v1/packages/4/a.swu')).toEqual(['GET', 'HEAD']);
    expect(methods.allowed('/device/v1/packages/4')).toEqual([]);
    expect(methods.allowed('/nowhere')).toEqual([]);
  });
});
