// The settings screen's "Where runs are stored" section under `ai-eval serve` (docs/team-store.md), against a
// throwaway PostgreSQL: what the workspace uses, a connection test that fails in one line or reaches a writer, a
// password this shell cannot keep refused, and a saved URL after which the workspace's runs live in the team store.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SettingsPage } from './pages/settings.page';
import { appPageForSuite } from './support/app-page';
import { serveExample } from './support/serve';
import { shoot } from './support/shoot';
import { adminQuery, dropSchema, freshSchema, testPostgres } from '../support/store-backends';
import { copyExample } from '../support/workspace';

const server = testPostgres();

(server ? describe : describe.skip)(
  `settings: where runs are stored (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    const schema = freshSchema();
    const project = schema.replace(/^aieval_/, '');
    const where = `${server!.url.user}@${server!.url.host}:${server!.url.port}/${server!.url.database}`;
    let userSettingsFile: string;
    const app = appPageForSuite({
      serve: async () => {
        // The shell's password comes from its environment, as `ai-eval serve` on a team's server would have it.
        process.env.AIEVAL_STORE_PASSWORD = server!.password;
        const workspaceDir = copyExample({
          'aieval.yaml': (text) => text.replace(/^version: 1$/m, `version: 1\nproject: ${project}`),
        });
        const served = await serveExample({ workspaceDir, init: false });
        delete process.env.AIEVAL_STORE_PASSWORD;
        userSettingsFile = join(served.configDir, 'user-settings.json');
        return served;
      },
    });
    afterAll(() => dropSchema(schema));
    /** Opens the settings screen afresh (no unsaved edit of an earlier test) at its team store section. */
    const openTeamStore = async () => {
      const settings = new SettingsPage(app.page);
      await settings.open(app.served.origin);
      return settings.teamStore();
    };
    const schemaExists = async () =>
      (await adminQuery([`SELECT 1 FROM information_schema.schemata WHERE schema_name = '${schema}'`])).rowCount === 1;

    it('says the workspace uses its own file, and refuses a URL that is not PostgreSQL and a password it cannot keep', async () => {
      const store = await openTeamStore();
      await expect
        .poll(() => store.inUse.textContent())
        .toBe("This workspace's own file (.aieval/aieval.db): nothing to set up.");
      expect(await store.passwordHelp.textContent()).toContain('set AIEVAL_STORE_PASSWORD in its environment');
      expect(await store.saveButton.isDisabled()).toBe(true);

      await store.url.fill('mysql://db.example/evals');
      await store.test();
      await expect.poll(() => store.problems.textContent()).toContain('the team store must be a postgresql:// URL');

      await store.url.fill(server!.text);
      await store.password.fill('typed-here');
      await store.save();
      await expect.poll(() => store.problems.textContent()).toContain('this shell keeps no passwords');
      expect(existsSync(userSettingsFile) ? readFileSync(userSettingsFile, 'utf8') : '').not.toContain('postgresql');
      expect(await store.inUse.textContent()).toContain("This workspace's own file");
      expect(await schemaExists()).toBe(false);
    });

    it('tests a team store: a wrong password fails in one line, the right one reaches a role that may write', async () => {
      const store = await openTeamStore();
      await store.url.fill(server!.text);
      await store.password.fill('not-the-password');
      await store.test();
      await expect.poll(() => store.testResult.textContent()).toMatch(/^Failed: /);
      expect(await store.testResult.textContent()).toBe(`Failed: ${where}: wrong password`);

      await store.password.fill(server!.password);
      await store.test();
      await expect.poll(() => store.testResult.textContent()).toMatch(/^Connected: /);
      expect(await store.testResult.textContent()).toBe(
        `Connected: reached ${where}, project ${project} (new: created on first use); this role may write`,
      );
      // The password is never shown back: not in the result line, not anywhere in the section's text.
      expect(await store.section.textContent()).not.toContain(server!.password);
      // A test writes nothing: the workspace still keeps its runs in its own file.
      expect(await store.inUse.textContent()).toContain("This workspace's own file");
      expect(await schemaExists()).toBe(false);
    });

    it('saves the URL: the workspace then keeps its runs in the team store, until the URL is cleared again', async () => {
      const { page, served } = app;
      const store = await openTeamStore();
      await store.url.fill(server!.text);
      await store.save();
      await expect
        .poll(() => store.inUse.textContent())
        .toBe(`Team store ${server!.text}, named by this setting; password from the environment.`);
      const saved = JSON.parse(readFileSync(userSettingsFile, 'utf8')) as { storeUrl: string };
      expect(saved.storeUrl).toBe(server!.text);
      expect(readFileSync(userSettingsFile, 'utf8')).not.toContain(server!.password);

      // The saved store is the one tested when no other URL is typed, with the password the shell has.
      await store.test();
      await expect.poll(() => store.testResult.textContent()).toMatch(/^(Connected|Failed): /);
      expect(await store.testResult.textContent()).toMatch(
        new RegExp(`^Connected: reached ${where}, project ${project}`),
      );

      // The section saved and tested, whole, below the sticky top bar.
      await store.section.evaluate((section) => section.scrollIntoView({ block: 'center' }));
      await shoot(page, 'settings-team-store', { part: '[data-testid="settings-section-team-store"]' });

      // The next screen that reads runs opens the team store: the workspace's schema is made there.
      await page.goto(`${served.origin}/#/`);
      await expect.poll(schemaExists).toBe(true);
      const tables = await adminQuery([
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = '${schema}' AND table_name = 'runs'`,
      ]);
      expect(tables.rows[0]).toEqual({ n: 1 });

      const reopened = await openTeamStore();
      await reopened.url.fill('');
      await reopened.save();
      await expect
        .poll(() => reopened.inUse.textContent())
        .toBe("This workspace's own file (.aieval/aieval.db): nothing to set up.");
      expect((JSON.parse(readFileSync(userSettingsFile, 'utf8')) as { storeUrl: string }).storeUrl).toBe('');
    });
  },
);
