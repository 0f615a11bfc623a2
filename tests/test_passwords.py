"""Game passwords are kept as salted slow hashes and never in clear."""

from __future__ import annotations

from judge.store.passwords import check_password, hash_password, no_password


def test_a_password_checks_against_its_hash_only():
    stored = hash_password("Secret9")
    assert "Secret9" not in stored and stored.startswith("scrypt$")
    assert check_password("Secret9", stored)
    assert not check_password("secret9", stored)  # case counts, as on the njudge
    assert not check_password("Secret", stored)


def test_a_robots_place_takes_no_password():
    assert not any(check_password(guess, no_password()) for guess in ("", "none", "scrypt$"))


def test_the_same_password_hashes_differently_each_time():
    assert hash_password("pw") != hash_password("pw")


def test_malformed_hashes_never_match():
    for stored in ("", "pw", "md5$abc", "scrypt$1$2$3$!!$!!", "scrypt$x$8$1$AA==$AA=="):
        assert not check_password("pw", stored)


def test_a_password_found_right_once_is_known_again_only_with_its_own_hash():
    first = hash_password("secret")
    assert check_password("secret", first) and check_password("secret", first)
    assert not check_password("Secret", first)  # the remembered one opens nothing else
    changed = hash_password("other")  # SET PASSWORD: a new hash
    assert not check_password("secret", changed)
    assert check_password("other", changed)


def test_a_hash_keeps_its_cost_so_a_new_cost_locks_nobody_out():
    cheap, dear = hash_password("secret", 10), hash_password("secret", 14)
    assert cheap.split("$")[1] == str(2**10) and dear.split("$")[1] == str(2**14)
    assert check_password("secret", cheap) and check_password("secret", dear)
    assert not check_password("Secret", cheap)
