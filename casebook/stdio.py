"""The stdio client, where it always was: ``casebook.transports`` holds the client, the process and the pipes."""

from casebook.transports.rpc import (DEFAULT_TIMEOUT, ENV_DEADLINE, START_TIMEOUT, NoSuchMethod,  # noqa: F401
                                     check_hello)
from casebook.transports.process import ENV_TOKEN, family  # noqa: F401
from casebook.transports.stdio import StdioImplementation  # noqa: F401
