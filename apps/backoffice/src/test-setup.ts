// The browser tests' setup, shared with `@botica/ui` and the other packages (its module says what it does).
import '@botica/ui/test-setup';
