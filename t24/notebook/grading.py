"""nbgrader's autograde with every t24 check judged apart from the student's kernel (apart.py).

A course folder's nbgrader_config.py (tools/students.py --course writes it) adds `JudgeApart`
to autograde's steps, after nbgrader has run the notebook and before it saves the scores: a
check cell whose check, judged apart, does not pass gets an error added to its outputs, so
nbgrader gives it 0 however the kernel answered. Only the grading set-up imports this module."""

from __future__ import annotations

from nbgrader.converters import Autograde
from nbgrader.preprocessors import NbGraderPreprocessor, SaveAutoGrades

from .apart import judge


class JudgeApart(NbGraderPreprocessor):
    """Judge each graded code cell of t24's apart; a failing one's outputs become an error."""

    def preprocess(self, nb, resources):
        for index, cell in enumerate(nb.cells):
            grading = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code" or not grading.get("grade") or grading.get("solution"):
                continue
            if any(output.output_type == "error" for output in cell.get("outputs", [])):
                continue  # failed in the kernel already: 0 either way
            judged = judge(nb.cells, index)
            if judged is None or judged[0]:
                continue
            said = "%s: judged apart, not passed: %s"  # not words: nbgrader's log is English
            self.log.info(said, grading.get("grade_id"), judged[1])
            error = {"output_type": "error", "ename": "AssertionError", "evalue": judged[1]}
            cell.outputs.append(type(cell)({**error, "traceback": [judged[1]]}))
        return nb, resources


def autograde_preprocessors() -> list:
    """nbgrader's own autograde steps with `JudgeApart` before the scores are saved."""
    steps = list(Autograde.class_traits()["autograde_preprocessors"].default())
    steps.insert(steps.index(SaveAutoGrades), JudgeApart)
    return steps
