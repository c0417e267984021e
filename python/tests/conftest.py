# SPDX-License-Identifier: Apache-2.0 OR MIT
import random

import pytest


@pytest.fixture
def rng():
    seed = random.randrange(1 << 32)
    print(f"random seed {seed}")
    return random.Random(seed)
