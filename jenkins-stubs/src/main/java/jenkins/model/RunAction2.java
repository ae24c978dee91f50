/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/model/RunAction2.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.model;

import hudson.model.Action;
import hudson.model.Run;

public interface RunAction2 extends Action {
    void onAttached(Run<?, ?> r);

    void onLoad(Run<?, ?> r);
}
