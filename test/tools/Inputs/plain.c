/* An object built without the plugin: no .sizespec.stamp section. */
int plain(void) { return 2; }
