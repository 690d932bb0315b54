import { createContext, type ReactNode, useContext } from 'react';

/** How a shared component moves the user on, without depending on a router (DESIGN §8). */
export interface Navigation {
  navigate(path: string, options?: { replace?: boolean }): void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({
  navigation,
  children,
}: {
  navigation: Navigation;
  children: ReactNode;
}) {
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a <NavigationProvider> above it');
  return navigation;
}
