"""Decrypt the CMS EnvelopedData that ``cryptography`` refuses to open.

``cryptography`` decrypts S/MIME only for RSA PKCS#1 v1.5 key transport and AES-CBC content. Real
clients send more: ``openssl smime -encrypt`` still defaults to triple DES, Outlook can use RSA-OAEP,
and newer clients AES-GCM (AuthEnvelopedData, RFC 5083/5084). This module reads those with a small
BER reader and the primitives of ``cryptography``; it is only a fallback after
:func:`cryptography.hazmat.primitives.serialization.pkcs7.pkcs7_decrypt_der` raised
``UnsupportedAlgorithm``. Decryption only: the service never *produces* these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cryptography import x509
from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
from cryptography.hazmat.primitives import hashes, padding
from cryptography.hazmat.primitives.asymmetric import padding as asym_padding
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

__all__ = ["CMSError", "decrypt_enveloped", "signed_content"]

_ENVELOPED = "1.2.840.113549.1.7.3"
_AUTH_ENVELOPED = "1.2.840.113549.1.9.16.1.23"
_RSA = "1.2.840.113549.1.1.1"
_OAEP = "1.2.840.113549.1.1.7"
_MGF1 = "1.2.840.113549.1.1.8"
_HASHES: dict[str, type[hashes.HashAlgorithm]] = {
    "1.3.14.3.2.26": hashes.SHA1,
    "2.16.840.1.101.3.4.2.4": hashes.SHA224,
    "2.16.840.1.101.3.4.2.1": hashes.SHA256,
    "2.16.840.1.101.3.4.2.2": hashes.SHA384,
    "2.16.840.1.101.3.4.2.3": hashes.SHA512,
}
_CBC = {
    "2.16.840.1.101.3.4.1.2": "aes",  # aes128-CBC
    "2.16.840.1.101.3.4.1.22": "aes",  # aes192-CBC
    "2.16.840.1.101.3.4.1.42": "aes",  # aes256-CBC
    "1.2.840.113549.3.7": "3des",  # des-ede3-cbc
}
_GCM = {"2.16.840.1.101.3.4.1.6", "2.16.840.1.101.3.4.1.26", "2.16.840.1.101.3.4.1.46"}


class CMSError(ValueError):
    """The structure is malformed, uses an unknown algorithm, or is not for this key."""


@dataclass
class _Node:
    tag: int
    constructed: bool
    content: bytes  # the content octets (empty for constructed nodes)
    raw: bytes  # the whole encoding, tag and length included
    children: list[_Node] = field(default_factory=list)

    def octets(self) -> bytes:
        """The value of an OCTET STRING, primitive or (BER) constructed from chunks."""
        if not self.constructed:
            return self.content
        return b"".join(child.octets() for child in self.children)

    def oid(self) -> str:
        if self.tag != 0x06:
            raise CMSError("expected an object identifier")
        data, arcs, value = self.content, [], 0
        for byte in data:
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                arcs.append(value)
                value = 0
        if not arcs:
            raise CMSError("empty object identifier")
        first = min(arcs[0] // 40, 2)
        return ".".join(str(a) for a in [first, arcs[0] - 40 * first, *arcs[1:]])

    def integer(self) -> int:
        if self.tag != 0x02:
            raise CMSError("expected an integer")
        return int.from_bytes(self.content, "big", signed=True)


def _read(data: bytes, pos: int, depth: int = 0) -> tuple[_Node, int]:
    """Read one BER node at ``pos``; return it and the position after it."""
    if depth > 40:
        raise CMSError("nesting too deep")
    if pos + 2 > len(data):
        raise CMSError("truncated")
    start, tag = pos, data[pos]
    if tag & 0x1F == 0x1F:
        raise CMSError("multi-byte tags are not used by CMS")
    constructed = bool(tag & 0x20)
    length = data[pos + 1]
    pos += 2
    if length == 0x80:  # BER indefinite length: children up to an end-of-contents marker
        if not constructed:
            raise CMSError("indefinite length on a primitive node")
        node = _Node(tag, True, b"", b"")
        while data[pos : pos + 2] != b"\x00\x00":
            child, pos = _read(data, pos, depth + 1)
            node.children.append(child)
        pos += 2
        node.raw = data[start:pos]
        return node, pos
    if length & 0x80:
        count = length & 0x7F
        if count > 4 or pos + count > len(data):
            raise CMSError("bad length")
        length = int.from_bytes(data[pos : pos + count], "big")
        pos += count
    end = pos + length
    if end > len(data):
        raise CMSError("truncated")
    if not constructed:
        return _Node(tag, False, data[pos:end], data[start:end]), end
    node = _Node(tag, True, b"", data[start:end])
    while pos < end:
        child, pos = _read(data, pos, depth + 1)
        node.children.append(child)
    return node, end


def _hash(alg: _Node) -> hashes.HashAlgorithm:
    name = alg.children[0].oid()
    if name not in _HASHES:
        raise CMSError(f"unknown hash {name}")
    return _HASHES[name]()


def _unwrap_key(alg: _Node, encrypted: bytes, key: rsa.RSAPrivateKey) -> bytes:
    name = alg.children[0].oid()
    if name == _RSA:
        return key.decrypt(encrypted, asym_padding.PKCS1v15())
    if name == _OAEP:
        digest: hashes.HashAlgorithm = hashes.SHA1()
        mgf_digest: hashes.HashAlgorithm = hashes.SHA1()
        params = alg.children[1].children if len(alg.children) > 1 else []
        for param in params:
            if param.tag == 0xA0:
                digest = _hash(param.children[0])
            elif param.tag == 0xA1:
                mgf = param.children[0]
                if mgf.children[0].oid() != _MGF1:
                    raise CMSError("unknown OAEP mask generation")
                mgf_digest = _hash(mgf.children[1])
            elif param.tag == 0xA2:
                raise CMSError("OAEP labels are not supported")
        return key.decrypt(
            encrypted,
            asym_padding.OAEP(mgf=asym_padding.MGF1(mgf_digest), algorithm=digest, label=None),
        )
    raise CMSError(f"unknown key transport {name}")


def _matches(rid: _Node, cert: x509.Certificate) -> bool:
    if rid.tag == 0x30:  # IssuerAndSerialNumber
        issuer, serial = rid.children[0], rid.children[1]
        return issuer.raw == cert.issuer.public_bytes() and serial.integer() == cert.serial_number
    if rid.tag == 0x80:  # [0] SubjectKeyIdentifier
        try:
            ski = cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest
        except x509.ExtensionNotFound:
            ski = x509.SubjectKeyIdentifier.from_public_key(cert.public_key()).digest
        return rid.content == ski
    return False


def _content_key(recipients: _Node, cert: x509.Certificate, key: rsa.RSAPrivateKey) -> bytes:
    for info in recipients.children:
        # Only KeyTransRecipientInfo (a plain SEQUENCE) can name an RSA certificate.
        if info.tag != 0x30 or len(info.children) < 4:
            continue
        rid, alg, encrypted = info.children[1], info.children[2], info.children[3]
        if _matches(rid, cert):
            return _unwrap_key(alg, encrypted.octets(), key)
    raise CMSError("the message is not encrypted to this certificate")


def decrypt_enveloped(der: bytes, cert: x509.Certificate, key: rsa.RSAPrivateKey) -> bytes:
    """Decrypt CMS (Auth)EnvelopedData ``der`` for the RSA ``key`` of ``cert``.

    Raises :class:`CMSError` (a ``ValueError``) when it cannot.
    """
    try:
        return _decrypt(der, cert, key)
    except (IndexError, ValueError) as err:  # malformed structure or wrong key/padding
        raise CMSError(str(err) or "malformed CMS structure") from err


def _decrypt(der: bytes, cert: x509.Certificate, key: rsa.RSAPrivateKey) -> bytes:
    info, _ = _read(der, 0)
    kind = info.children[0].oid()
    body = info.children[1].children[0]
    items = body.children[1:]  # skip the version
    if items and items[0].tag == 0xA0:  # originatorInfo
        items = items[1:]
    recipients, content = items[0], items[1]
    cek = _content_key(recipients, cert, key)
    alg = content.children[1]
    name = alg.children[0].oid()
    ciphertext = b"".join(n.octets() for n in content.children[2:] if n.tag in (0x80, 0xA0))
    if kind == _ENVELOPED and name in _CBC:
        iv = alg.children[1].octets()
        algorithm = TripleDES(cek) if _CBC[name] == "3des" else algorithms.AES(cek)
        decryptor = Cipher(algorithm, modes.CBC(iv)).decryptor()
        padded = decryptor.update(ciphertext) + decryptor.finalize()
        unpadder = padding.PKCS7(algorithm.block_size).unpadder()
        return unpadder.update(padded) + unpadder.finalize()
    if kind == _AUTH_ENVELOPED and name in _GCM:
        params = alg.children[1]
        nonce = params.children[0].octets()
        rest = items[2:]
        aad = b""
        if rest and rest[0].tag == 0xA1:  # authAttrs are authenticated as a DER SET OF
            aad = b"\x31" + rest[0].raw[1:]
            rest = rest[1:]
        mac = rest[0].octets()
        return AESGCM(cek).decrypt(nonce, ciphertext + mac, aad or None)
    raise CMSError(f"unsupported content encryption {name}")


_SIGNED = "1.2.840.113549.1.7.2"


def signed_content(der: bytes) -> bytes:
    """The content of an opaque CMS SignedData (``smime-type=signed-data``), not verified.

    Outlook's "opaque signing" wraps the whole message in the signature; the service reads the
    content (players are authenticated by their token, not their signature). Raises
    :class:`CMSError` when ``der`` is not SignedData with embedded content.
    """
    try:
        info, _ = _read(der, 0)
        if info.children[0].oid() != _SIGNED:
            raise CMSError("not a CMS SignedData")
        encap = info.children[1].children[0].children[2]
        if len(encap.children) < 2:
            raise CMSError("detached signature: the content is elsewhere")
        return encap.children[1].children[0].octets()
    except IndexError as err:
        raise CMSError("malformed CMS SignedData") from err
