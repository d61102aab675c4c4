import type { Options } from 'react-markdown';

/** unified's plugin types, as react-markdown takes them (the web app does not depend on unified itself). */
export type PluggableList = NonNullable<Options['rehypePlugins']>;
export type Pluggable = PluggableList[number];
