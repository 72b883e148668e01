import { afterEach, describe, expect, it } from 'vitest';
import { listPortalImports, readHashPath } from './preload-portal.ts';
import { setSession } from '../lib/session-store.ts';

describe('preload-portal', () => {
  afterEach(() => {
    setSession({ identityType: null });
  });

  it('reads the path of a hash, without its query', () => {
    expect(readHashPath('#/index/home?x=1')).toBe('/index/home');
    expect(readHashPath('#/auth')).toBe('/auth');
  });

  it('takes the bare root for the first tab of the identity', () => {
    setSession({ identityType: 1 });
    expect(readHashPath('#/')).toBe('/index/home');
    setSession({ identityType: 999 });
    expect(readHashPath('')).toBe('/index/project');
  });

  it('asks nothing for the pages of the entry chunk', () => {
    expect(listPortalImports('/login')).toHaveLength(0);
    expect(listPortalImports('/404')).toHaveLength(0);
  });

  it('asks the route table and the shell for a top-level page, and the layout and page for the home tab', () => {
    expect(listPortalImports('/auth')).toHaveLength(2);
    expect(listPortalImports('/index/project')).toHaveLength(3);
    expect(listPortalImports('/index/home')).toHaveLength(4);
  });
});
