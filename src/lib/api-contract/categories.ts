/**
 * The shop's categories (issue 32): read by the importer from the catalogue folder's
 * `categories.csv`, stored with the catalogue and sent to pages with the business's settings. Items
 * name them by key in their tags; /hire/{key} lists a category's items and its children's.
 */
export interface Category {
  /** The tag and the URL segment: lower case letters, digits, _ and -. */
  key: string;
  name: string;
  /** The key of the top-level category it sits under, or null for a top-level one (a menu group). */
  parent: string | null;
  position: number;
  description: string;
  /** The category photo's URL, or null. */
  photoUrl: string | null;
  /** Keys it had before: /hire/{old key} answers 301 to /hire/{key}. */
  oldKeys: string[];
  /** Shown items tagged with it or with one of its children. */
  items: number;
  /** Shown items tagged with it directly. */
  ownItems: number;
}

export const CATEGORY_KEY = /^[a-z0-9][a-z0-9_-]*$/;

/** A category key's name as a person would write it: "pots_vases" is "Pots Vases". */
export const titleOfKey = (key: string) =>
  key
    .split(/[_-]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');

export function findCategory(categories: readonly Category[], key: string): Category | undefined {
  return categories.find((category) => category.key === key);
}

/** The category's name; a key the shop does not have is title-cased. */
export function categoryName(categories: readonly Category[], key: string): string {
  return findCategory(categories, key)?.name ?? titleOfKey(key);
}

/** The key and its children's keys: the tags whose items /hire/{key} lists. */
export function keysUnder(categories: readonly Category[], key: string): string[] {
  return [key, ...categories.filter((category) => category.parent === key).map((category) => category.key)];
}

/** The category that had this key before, for a 301 from an old link. */
export function renamedCategory(categories: readonly Category[], oldKey: string): Category | undefined {
  return categories.find((category) => category.oldKeys.includes(oldKey));
}

export interface MenuGroup {
  key: string;
  title: string;
  /** The categories linked under the title: the group's own first when it has items of its own. */
  links: { key: string; name: string }[];
}

const byPosition = (a: Category, b: Category) => a.position - b.position || a.name.localeCompare(b.name);

/**
 * The Hire menu: a group for each top-level category with items, titled with its name. It links the
 * category itself when items are tagged with it directly, then its children that have items. Empty
 * categories stay out.
 */
export function menuGroups(categories: readonly Category[]): MenuGroup[] {
  return categories
    .filter((category) => category.parent === null && category.items > 0)
    .sort(byPosition)
    .map((top) => {
      const children = categories.filter((category) => category.parent === top.key && category.items > 0);
      const own = top.ownItems > 0 || children.length === 0 ? [top] : [];
      return {
        key: top.key,
        title: top.name,
        links: [...own, ...children.sort(byPosition)].map(({ key, name }) => ({ key, name })),
      };
    });
}
