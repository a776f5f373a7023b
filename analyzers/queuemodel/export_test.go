package queuemodel

// SSAHeld reports whether the model still holds its package's SSA: the
// effects layer's, or a call's instruction.
func SSAHeld(m *Model) bool {
	if m.effects.Built() {
		return true
	}
	for _, c := range m.Calls {
		if c.instr != nil {
			return true
		}
	}
	return false
}

// IndexHeld reports whether the model still holds its inspector or its
// call graph.
func IndexHeld(m *Model) bool { return m.inspector != nil || m.loops != nil }
