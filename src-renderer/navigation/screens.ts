// The one table of screens: each screen's name, the parameters its address takes, and its place in the navigation.
// The router parses against it, the navigation lists it, every link is typed by it, and the app shell must render
// every screen in it (app/Screen.tsx is keyed by it), so a screen added here and nowhere else is a compile error.

/**
 * The parameters of each screen's address, in order (`#/targets/<id>/edit` is `['targets', [id, 'edit']]`). A link
 * with a wrong parameter, or to a screen not listed, does not compile.
 */
export type ScreenParams = {
  targets: [] | ['new'] | [targetId: string, 'edit'];
  datasets: [] | [datasetId: string];
  results: [] | [targetId: string];
  optimizer:
    [] | ['compare' | 'compare-models'] | ['compare' | 'compare-models', targetId: string] | [candidateId: string];
  traces: [];
  judges: [] | [grader: string, 'label'];
  settings: [];
  glossary: [] | [termId: string];
  runs: [runId: string];
  /** The runs side by side: 2 to 8 run ids (fewer shows the results list). */
  matrix: string[];
  history: [targetId: string, questionId: string];
};

export type ScreenName = keyof ScreenParams;

type NavGroup = 'Evaluate' | 'Review' | 'Workspace';
/** A screen's entry in the navigation on the left; screens reached only by links have none. */
type NavItem = Readonly<{ group: NavGroup; label: string }>;

/** Every screen, in navigation order; `satisfies` makes a screen missing here a compile error. */
export const SCREENS = {
  targets: { nav: { group: 'Evaluate', label: 'Targets' } },
  datasets: { nav: { group: 'Evaluate', label: 'Datasets' } },
  results: { nav: { group: 'Evaluate', label: 'Results' } },
  optimizer: { nav: { group: 'Evaluate', label: 'Optimizer' } },
  traces: { nav: { group: 'Review', label: 'Traces' } },
  judges: { nav: { group: 'Review', label: 'Judges' } },
  settings: { nav: { group: 'Workspace', label: 'Settings' } },
  glossary: { nav: { group: 'Workspace', label: 'Glossary' } },
  runs: {},
  matrix: {},
  history: {},
} as const satisfies { readonly [S in ScreenName]: Readonly<{ nav?: NavItem }> };

const NAV_GROUPS: readonly NavGroup[] = ['Evaluate', 'Review', 'Workspace'];

/** The navigation's groups with their screens, in the table's order. */
export const NAV = NAV_GROUPS.map((title) => ({
  title,
  items: (Object.keys(SCREENS) as ScreenName[]).flatMap((screen) => {
    const nav: NavItem | undefined = (SCREENS[screen] as { nav?: NavItem }).nav;
    return nav?.group === title ? [{ screen, label: nav.label }] : [];
  }),
}));

export const isScreenName = (name: string): name is ScreenName => Object.hasOwn(SCREENS, name);
