/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Item.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

import hudson.security.AccessControlled;
import hudson.security.Permission;

public interface Item extends AccessControlled {
    Permission CONFIGURE = null;

    Permission EXTENDED_READ = null;
}
