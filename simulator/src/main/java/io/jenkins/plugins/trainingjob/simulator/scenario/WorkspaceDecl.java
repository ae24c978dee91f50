package io.jenkins.plugins.trainingjob.simulator.scenario;

import java.util.List;

/** A workspace with its address (subscription, resource group, workspace zone) and pool bindings. */
public record WorkspaceDecl(
        String subscription, String resourceGroup, String zone, String name, List<BindingDecl> bindings) {
    public WorkspaceDecl {
        bindings = bindings == null ? List.of() : List.copyOf(bindings);
    }
}
