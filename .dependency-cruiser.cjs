/**
 * The direction of imports between the layers (docs/architecture.md, "Layers"), checked by
 * `npm run lint` (part of `npm test`): web -> shared, functions -> shared, infra -> functions +
 * shared; tests reach the local runtime through test/support; the contexts of functions/ and the
 * features of the SPA talk through their public entries.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const CONTEXTS =
  '(account|admin|admin-catalog|automations|cart|catalog|checkout|webhooks|jobs|triggers|publish|streams|events|email|orders)';

/** The SPA's feature folders (web/src/<feature>/, each with its public entry index.ts). */
const WEB_FEATURES = '(admin|auth|catalog|club|legal|newsletter|orders|profile|shop)';

module.exports = {
  forbidden: [
    {
      name: 'shared-is-a-leaf',
      comment:
        'shared/ is the domain both sides use: it imports neither the functions, the SPA, the infrastructure nor tests.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(functions|web|infra|scripts|test|e2e)/' },
    },
    {
      name: 'functions-not-infra',
      comment:
        'Lambda code never imports the CDK app, the local runtime, scripts or the SPA (their tests go through test/support).',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(infra|scripts|web|e2e)/' },
    },
    {
      name: 'functions-not-test-support',
      comment: 'Test support lives in test/; only tests import it.',
      severity: 'error',
      from: { path: '^functions/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^test/' },
    },
    {
      name: 'data-below-contexts',
      comment:
        'functions/data (the table and the repositories) serves every bounded context and imports none of ' +
        "them, but for types of a module's public entry (a reservation holds the order lines it will become).",
      severity: 'error',
      from: { path: '^functions/data/', pathNot: '\\.test\\.tsx?$' },
      to: { path: `^functions/${CONTEXTS}/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'context-public-entry',
      comment:
        "A bounded context of functions/ imports another only through that context's public entry: " +
        "`public.ts` beside a Lambda's handler, or a module's `index.ts` (functions/orders, functions/email). " +
        'What several contexts share lives in functions/lib (or functions/data for the table).',
      severity: 'error',
      from: { path: '^functions/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^functions/[^/]+/',
        pathNot: [
          '^functions/$1/',
          '^functions/(lib|data)/',
          '^functions/[^/]+/public\\.ts$',
          '^functions/(orders|email)/index\\.ts$',
        ],
      },
    },
    {
      name: 'web-feature-public-entry',
      comment: "In the SPA a folder imports another feature only through that feature's public entry (its index.ts).",
      severity: 'error',
      from: { path: '^web/src/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: `^web/src/${WEB_FEATURES}/`,
        pathNot: [`^web/src/${WEB_FEATURES}/index\\.tsx?$`, '^web/src/$1/'],
      },
    },
    {
      name: 'web-router-public-entry',
      comment: 'The router and the entry files (web/src/*.tsx) reach features only through their public entries.',
      severity: 'error',
      from: { path: '^web/src/[^/]+\\.tsx?$', pathNot: '\\.test\\.tsx?$' },
      to: { path: `^web/src/${WEB_FEATURES}/`, pathNot: `^web/src/${WEB_FEATURES}/index\\.tsx?$` },
    },
    {
      name: 'web-shell-and-shared-no-feature',
      comment:
        "The SPA's shell (layout/, boot/, prerender/) and its shared parts (ui/, api/, session/, theme/) import no feature.",
      severity: 'error',
      from: { path: '^web/src/(layout|boot|prerender|ui|api|session|theme)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: `^web/src/${WEB_FEATURES}/` },
    },
    {
      name: 'only-web-imports-web',
      comment: 'Nothing outside the SPA imports it but the scripts that build it (prerender).',
      severity: 'error',
      from: { path: '^(shared|functions|infra|test)/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-not-server',
      comment: 'The SPA imports only shared/ beside itself.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(functions|infra|scripts|test|e2e)/' },
    },
    {
      name: 'no-circular-shared',
      comment: 'The domain modules form no cycles.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|cdk\\.out|\\.local-data)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
