// Issue #22 ("limits the user can see"): the web app's inputs carry the server's length limits. The web
// app may not import the domain, so this test holds the two lists together.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CATALOG_NAME_MAX } from '../api/src/domain/catalogs/catalog-tree';
import { MAX_GROUP_NAME_LENGTH } from '../api/src/domain/items/item-group.service';
import { MAX_ITEM_NAME_LENGTH } from '../api/src/domain/items/item.service';
import { PAGE_TITLE_MAX } from '../api/src/domain/pages/page.service';
import { MAX_TEAM_NAME_LENGTH } from '../api/src/domain/teams/team.service';
import { TEMPLATE_TITLE_MAX } from '../api/src/domain/templates/template.service';

/** `web/src/app/name-limits.ts`'s numbers (an ES module of the web project, read as text here). */
function webLimits(): Record<string, number> {
  const source = fs.readFileSync(path.join(__dirname, '..', 'web', 'src', 'app', 'name-limits.ts'), 'utf8');
  const body = /NAME_LIMITS = \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return Object.fromEntries(
    [...body.matchAll(/(\w+): (\d+)/g)].map(([, key, value]) => [key, Number(value)]),
  );
}

describe('name limits', () => {
  it("are the domain's in the web app", () => {
    expect(webLimits()).toEqual({
      item: MAX_ITEM_NAME_LENGTH,
      catalog: CATALOG_NAME_MAX,
      pageTitle: PAGE_TITLE_MAX,
      team: MAX_TEAM_NAME_LENGTH,
      itemGroup: MAX_GROUP_NAME_LENGTH,
      template: TEMPLATE_TITLE_MAX,
    });
  });
});
