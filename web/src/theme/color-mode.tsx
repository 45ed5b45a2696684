import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's system ThemeProvider: the material one also imports the CSS-variables provider, unused here.
import { ThemeProvider } from '@mui/system';
import { createAppTheme, type ColorMode } from './theme';

/** localStorage key that keeps the visitor's theme choice. */
export const THEME_STORAGE_KEY = 'aurum-theme';
/** localStorage key of the back office's own theme choice (the admin-theme setting). */
export const ADMIN_THEME_STORAGE_KEY = 'aurum-admin-theme';

interface ColorModeValue {
  mode: ColorMode;
  toggle(): void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

/** Reads the stored mode; anything but 'light' means dark (the default). */
export function readStoredMode(storageKey: string = THEME_STORAGE_KEY): ColorMode {
  try {
    return globalThis.localStorage?.getItem(storageKey) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/**
 * Provides the MUI theme and the light/dark toggle; the choice survives reloads under
 * `storageKey` (the shop and the back office keep separate choices). With `startDark` (hydrating
 * a prerendered page, which is rendered dark) the first render is dark and the stored choice is
 * applied right after it.
 */
export function ColorModeProvider({
  children,
  storageKey = THEME_STORAGE_KEY,
  startDark = false,
}: {
  children: ReactNode;
  storageKey?: string;
  startDark?: boolean;
}) {
  const [mode, setMode] = useState<ColorMode>(() => (startDark ? 'dark' : readStoredMode(storageKey)));
  const toggle = useCallback(() => setMode((m) => (m === 'dark' ? 'light' : 'dark')), []);
  const adopted = useRef(!startDark);

  useEffect(() => {
    if (!adopted.current) {
      // Hydrated in the prerender's dark theme: now take the visitor's own choice.
      adopted.current = true;
      const stored = readStoredMode(storageKey);
      if (stored !== mode) {
        setMode(stored);
        return;
      }
    }
    try {
      localStorage.setItem(storageKey, mode);
    } catch {
      /* storage unavailable (private mode): keep the choice in memory only */
    }
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', mode === 'dark' ? '#0a0a0a' : '#faf7ef');
    // The boot style paints the page black before React renders; the theme takes over now.
    document.getElementById('boot-style')?.remove();
  }, [mode, storageKey]);

  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

/** Current colour mode and its toggle. Must be used inside ColorModeProvider. */
export function useColorMode(): ColorModeValue {
  const ctx = useContext(ColorModeContext);
  if (!ctx) throw new Error('useColorMode must be used inside ColorModeProvider');
  return ctx;
}
