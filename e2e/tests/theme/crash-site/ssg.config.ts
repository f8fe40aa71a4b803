// A minimal site whose DocFooter override rejects an invalid last-update date with an error that
// has a cause: the theme's browser tests break its page data to see the whole chain of causes on
// the crash screen.
export default {
  title: 'Crash Test Docs',
  url: 'https://crash.veilbox.example',
  baseUrl: '/',
  outDir: process.env.THEME_TEST_OUT_DIR ?? 'build',
  version: '1.0.0',
  colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false },
  search: { enabled: false, maxResults: 10 },
  theme: { components: ['./theme/overrides.tsx'] },
}
