"""OR-Tools CP-SAT reached through its compiled helper alone: the part of `cp_model` the pods engine uses.

`ortools.sat.python.cp_model` imports pandas (for its `*_series` methods, which sheetrunner never uses):
0.45 of the 0.55 CPU seconds its import costs, more than the whole `pair` command of a Swiss event of
the same size (issue 34: three Diplomacy boards of seven need CP-SAT from round 3 or so). Since OR-Tools
9.15 its model and solver are thin Python layers over `cp_model_helper`, whose C++ builds every
constraint and runs the solver; the few methods the pods engine calls are repeated here as cp_model
writes them, under the same names, so `pods_solver` imports this module as `cp_model` and the solver
gets the very same protocol buffer: the same workbook still gets the same games (tests/test_pods_cpsat.py
compares the two, model by model, on random fields). Older OR-Tools releases build their models in
Python; this module refuses to load there and `pods_solver` uses their own cp_model.
"""

from __future__ import annotations

from ortools.sat.python import cp_model_helper as helper

if not hasattr(helper, "CpBaseModel"):  # OR-Tools 9.8 to 9.14 build models in Python: `pods_solver` uses cp_model
    raise ImportError("OR-Tools before 9.15 has no compiled CP-SAT model to build on.")

from ortools.util.python.sorted_interval_list import Domain  # type: ignore[import-untyped]  # noqa: E402

CpSolverStatus = helper.CpSolverStatus
OPTIMAL = helper.CpSolverStatus.OPTIMAL
FEASIBLE = helper.CpSolverStatus.FEASIBLE
INFEASIBLE = helper.CpSolverStatus.INFEASIBLE

IntVar = helper.IntVar
Literal = helper.Literal


class CpModel(helper.CpBaseModel):
    """A CP-SAT model: cp_model.CpModel's methods that the pods engine uses, nothing more."""

    def __init__(self) -> None:
        helper.CpBaseModel.__init__(self, None)

    @property
    def proto(self) -> helper.CpModelProto:
        return self.model_proto

    def new_bool_var(self, name: str) -> IntVar:
        return IntVar(self.model_proto).with_name(name).with_domain(Domain(0, 1))

    def new_int_var(self, lb: int, ub: int, name: str) -> IntVar:
        return IntVar(self.model_proto).with_name(name).with_domain(Domain(lb, ub))

    def add(self, constraint: helper.BoundedLinearExpression | bool) -> helper.Constraint:
        """A linear constraint; a sum of no variables compared with a number is already true or false, and
        becomes an always-true or never-true clause, as cp_model makes it."""
        if isinstance(constraint, helper.BoundedLinearExpression):
            return self._add_bounded_linear_expression(constraint)  # type: ignore[attr-defined]
        if self.is_boolean_value(constraint):
            return self.add_bool_or([True]) if constraint else self.add_bool_or([])
        raise TypeError(f"not supported: CpModel.add({type(constraint).__name__!r})")

    def add_bool_or(self, *literals) -> helper.Constraint:
        return self._boolean(helper.BoolArgumentConstraint.bool_or, *literals)

    def add_exactly_one(self, *literals) -> helper.Constraint:
        return self._boolean(helper.BoolArgumentConstraint.exactly_one, *literals)

    def add_bool_and(self, *literals) -> helper.Constraint:
        return self._boolean(helper.BoolArgumentConstraint.bool_and, *literals)

    def _boolean(self, kind: helper.BoolArgumentConstraint, *literals) -> helper.Constraint:
        """A constraint on literals, given as cp_model takes them: one iterable, or one argument each."""
        return self._add_bool_argument_constraint(kind, *literals)  # type: ignore[attr-defined]

    def add_implication(self, a: Literal, b: Literal) -> helper.Constraint:
        return self.add_bool_and(b).only_enforce_if(a)

    def minimize(self, objective: helper.LinearExpr | int) -> None:
        """An integer objective to minimise (a plain number when every level it weighs is empty)."""
        self.model_proto.clear_objective()
        self.model_proto.clear_floating_point_objective()
        if isinstance(objective, int):
            self.model_proto.objective.offset = objective
            self.model_proto.objective.scaling_factor = 1.0
            return
        if not objective.is_integer():
            raise TypeError("CP-SAT objectives here are integer.")
        flat = helper.FlatIntExpr(objective)
        for variable in flat.vars:
            self.model_proto.objective.vars.append(variable.index)
        self.model_proto.objective.scaling_factor = 1.0
        self.model_proto.objective.offset = flat.offset
        self.model_proto.objective.coeffs.extend(flat.coeffs)

    def add_hint(self, variable: IntVar, value: int) -> None:
        """The pods engine hints variables, never negated literals (whose index cp_model would negate)."""
        self.model_proto.solution_hint.vars.append(variable.index)
        self.model_proto.solution_hint.values.append(int(value))

    def clear_hints(self) -> None:
        self.model_proto.clear_solution_hint()


class CpSolver:
    """cp_model.CpSolver without callbacks: set `parameters`, `solve`, then read the answer."""

    def __init__(self) -> None:
        self.parameters = helper.SatParameters()
        self._response: helper.CpSolverResponse | None = None

    def solve(self, model: CpModel) -> CpSolverStatus:
        wrapper = helper.SolveWrapper()
        wrapper.set_parameters(self.parameters)
        self._response = wrapper.solve(model.proto)
        return self._response.status

    @property
    def response(self) -> helper.CpSolverResponse:
        if self._response is None:
            raise RuntimeError("solve() has not been called.")
        return self._response

    def value(self, expression) -> int:
        return helper.ResponseHelper.value(self.response, expression)

    def boolean_value(self, literal) -> bool:
        return helper.ResponseHelper.boolean_value(self.response, literal)

    @property
    def objective_value(self) -> float:
        return self.response.objective_value

    @property
    def deterministic_time(self) -> float:
        return self.response.deterministic_time
