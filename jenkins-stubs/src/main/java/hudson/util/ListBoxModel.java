/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/util/ListBoxModel.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.util;

import java.util.ArrayList;

public class ListBoxModel extends ArrayList<ListBoxModel.Option> {
    private static final long serialVersionUID = 1L;

    public ListBoxModel() {}

    /** As upstream (no controller involved): appends an option, so fill methods can be unit-tested. */
    public void add(String displayName, String value) {
        add(new Option(displayName, value));
    }

    public static final class Option {
        public String name;
        public String value;
        public boolean selected;

        /** As upstream: stores the fields, not selected. */
        public Option(String name, String value) {
            this.name = name;
            this.value = value;
        }
    }
}
