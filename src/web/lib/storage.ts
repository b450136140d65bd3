type Area = 'local' | 'session';

const areaOf = (area: Area): Storage | undefined => {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined; // storage disabled (private mode, strict settings): the app still works
  }
};

export function readStorage(area: Area, key: string): string | null {
  try {
    return areaOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(area: Area, key: string, value: string | null): void {
  try {
    if (value === null) areaOf(area)?.removeItem(key);
    else areaOf(area)?.setItem(key, value);
  } catch {
    // quota or privacy mode: nothing to do
  }
}
