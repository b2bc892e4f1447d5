"""What the scripts of Tests/GoogleClients share: checks that collect what failed, and the one line each
prints at the end (GoogleClientTests reads it)."""


class Checks:
    def __init__(self, name):
        self.name = name
        self.failures = []

    def check(self, what, condition, detail=""):
        if not condition:
            self.failures.append(f"{what}: {detail}")

    def refused(self, what, call, exception, status=None):
        """`call` must raise `exception` (with `status`, for googlemaps' ApiError), as it would against Google."""
        try:
            call()
            self.failures.append(f"{what}: the client raised nothing")
        except exception as error:
            if status is not None:
                self.check(what, error.status == status, f"status {error.status}, expected {status}")
        except Exception as error:  # what an app would see instead, such as an HTTPError for a 400
            expected = f"{exception.__name__}({status})" if status else exception.__name__
            self.failures.append(f"{what}: {type(error).__name__} {error}, expected {expected}")

    def finish(self, success):
        """Prints each failure, or `success`; the exit status."""
        for failure in self.failures:
            print(f"{self.name}: {failure}")
        if not self.failures:
            print(f"{self.name}: {success}")
        return 1 if self.failures else 0
