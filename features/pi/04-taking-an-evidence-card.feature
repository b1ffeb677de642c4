Feature: Taking an evidence card
  Transcribes "Taking an evidence card" [Piocher une carte Indice], ¶19-25
  of pi.fr.txt: the player takes one of the nine face-up evidence cards; the
  answer (a disc, a cube or nothing) goes on the tile of that card and speaks
  only of the element of the player's case of the same kind.  What the deck
  holds and how the row of nine is refilled the text leaves out: rulings.

  @PI-EVI-01 @ruling @setup
  Rule: The evidence deck holds one card for every suspect, location and crime, 36 in all, shuffled afresh each round; nine of them lie face up
    The text mentions the nine cards only; the published descriptions say
    the deck holds every suspect, crime and location.  Blank tiles have no
    card.  Each card is turned up by chance, so the 36 are equally likely.
    Source: Taking an evidence card [Piocher une carte Indice] ¶20

    Example: the first card turned up is any of the 36
      Given a game of Red and Blue whose evidence cards are being turned up
      Then chance turns up one of 36 evidence cards, each as likely

    Example: after the set-up nine cards lie face up and 27 wait in the deck
      Given a game of Red, Blue and Green
      Then 9 evidence cards lie face up
      And 27 evidence cards are in the deck

  @PI-EVI-02
  Rule: The player takes one of the face-up evidence cards, and only a face-up one
    Source: Taking an evidence card [Piocher une carte Indice] ¶20

    Example: Red may take any of the nine
      Given a game of Red and Blue
      Then Red may take any of the 9 face-up evidence cards

    Example: a card still in the deck may not be taken
      Given a game of Red and Blue
      And the Arson card is in the deck
      When Red tries to take the Arson card
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @PI-EVI-03
  Rule: The card's answer goes on the tile of that card: a disc when the card is the element of that kind in the player's own case
    Source: Taking an evidence card [Piocher une carte Indice] ¶21-23

    Example: the Murder card gives Red a disc when Red's crime is Murder
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Lakeside and Murder
      And the Murder card lies face up
      When Red takes the Murder card
      Then the Murder card gives Red 1 disc and 0 cubes

    Example: the Vera Lane card gives Red a disc when Red's culprit is Vera Lane
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Lakeside and Murder
      And the Vera Lane card lies face up
      When Red takes the Vera Lane card
      Then the Vera Lane card gives Red 1 disc and 0 cubes

  @PI-EVI-04
  Rule: Otherwise the answer is a cube when the player's element of that kind lies on a location touching the location of the card's tile, and nothing when it does not
    Source: Taking an evidence card [Piocher une carte Indice] ¶21, ¶24

    Example: Red's crime is Arson, one location away from the Murder tile: a cube
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Lakeside and Arson
      And the Murder tile lies on Central Station
      And the Arson tile lies on Skid Row
      And the Murder card lies face up
      When Red takes the Murder card
      Then the Murder card gives Red 0 discs and 1 cube

    Example: Red's crime is Arson, two locations away from the Murder tile: nothing
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Lakeside and Arson
      And the Murder tile lies on Central Station
      And the Arson tile lies on Park Avenue
      And the Murder card lies face up
      When Red takes the Murder card
      Then the Murder card gives Red 0 discs and 0 cubes

    Example: Red's culprit's tile touches the Max Cole tile: a cube on the Max Cole tile
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Lakeside and Arson
      And the Vera Lane tile lies on Union Square
      And the Max Cole tile lies on Rick's Cafe
      And the Max Cole card lies face up
      When Red takes the Max Cole card
      Then the Max Cole card gives Red 0 discs and 1 cube

  @PI-EVI-05
  Rule: A card says nothing of the other two elements of the case, on or around its tile
    Source: Taking an evidence card [Piocher une carte Indice] ¶25

    Example: Red's culprit and place are where the Murder tile lies, and the Murder card still gives nothing
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Skid Row and Arson
      And the Murder tile lies on Skid Row
      And the Vera Lane tile lies on Skid Row
      And the Arson tile lies on Lakeside
      And the Murder card lies face up
      When Red takes the Murder card
      Then the Murder card gives Red 0 discs and 0 cubes

    Example: Red's culprit and place touch the Murder tile's location, and the Murder card still gives nothing
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, City Hall and Arson
      And the Murder tile lies on Skid Row
      And the Vera Lane tile lies on Central Station
      And the Arson tile lies on Lakeside
      And the Murder card lies face up
      When Red takes the Murder card
      Then the Murder card gives Red 0 discs and 0 cubes
      And what anybody is told of it names no suspect, no crime and no location but Murder

  @PI-EVI-06 @ruling
  Rule: A location card is answered on that location: a disc when it is the player's place, a cube when the player's place touches it; the tiles lying there do not count
    The text's example is a crime card.  A location has no tile of its own,
    so its card points at the location; by PI-EVI-05 only the place of the
    case is asked about.
    Source: Taking an evidence card [Piocher une carte Indice] ¶21

    Example: the Skid Row card and Red's place Skid Row: a disc
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Skid Row and Murder
      And the Vera Lane tile lies on Lakeside
      And the Murder tile lies on Lakeside
      And the Skid Row card lies face up
      When Red takes the Skid Row card
      Then the Skid Row card gives Red 1 disc and 0 cubes

    Example: the Skid Row card and Red's place Central Station: a cube
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Central Station and Murder
      And the Vera Lane tile lies on Lakeside
      And the Murder tile lies on Lakeside
      And the Skid Row card lies face up
      When Red takes the Skid Row card
      Then the Skid Row card gives Red 0 discs and 1 cube

    Example: Red's culprit and crime on Skid Row do not count for the Skid Row card
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Lakeside and Murder
      And the Vera Lane tile lies on Skid Row
      And the Murder tile lies on Skid Row
      And the Skid Row card lies face up
      When Red takes the Skid Row card
      Then the Skid Row card gives Red 0 discs and 0 cubes

  @PI-EVI-07
  Rule: The card taken leaves the face-up row and stays, face up, with the player who took it until the round ends: nobody else can take it
    Source: Taking an evidence card [Piocher une carte Indice] ¶20

    Example: once Red has the Murder card, Blue cannot take it
      Given a game of Red, Blue and Green
      And the Murder card lies face up
      When Red takes the Murder card
      And chance turns up the Arson card
      Then Red has taken the Murder card
      When Blue tries to take the Murder card
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @PI-EVI-08 @ruling
  Rule: Once the card is answered, chance turns up a new card from the deck into the row before the next player's turn; no card is turned up when that turn ends the round
    The text says there are nine cards "available" but not when the row is
    filled again.  We refill at once, after the answer, so every player
    chooses from nine while the deck lasts; a card turned up at the end of a
    round would be gathered at once, so none is.
    Source: Taking an evidence card [Piocher une carte Indice] ¶20

    Example: the row is refilled from the 27 cards of the deck before Blue plays
      Given a game of Red, Blue and Green
      And the Murder card lies face up
      When Red takes the Murder card
      Then chance turns up one of 27 evidence cards, each as likely
      And nobody may act but chance
      When chance turns up the Arson card
      Then 9 evidence cards lie face up
      And it is Blue's turn

    Example: the card that ends the round is not replaced
      Given a game of Red and Blue
      And it is Blue's turn in turn 1
      And Red has solved their case in turn 1
      And the Murder card lies face up
      When Blue takes the Murder card
      Then round 2 begins

  @PI-EVI-09 @ruling
  Rule: When the deck is empty the row is not refilled, and when no card lies face up no card can be taken
    The text does not say what happens when the deck runs out; the row just
    gets shorter, and the other two actions stay open.
    Source: Taking an evidence card [Piocher une carte Indice] ¶20

    Example: with the deck empty the row shrinks to eight
      Given a game of Red, Blue and Green
      And the Murder card lies face up
      And the evidence deck is empty
      When Red takes the Murder card
      Then 8 evidence cards lie face up
      And it is Blue's turn

    Example: with no card face up Red may not take one
      Given a game of Red, Blue and Green
      And the evidence deck is empty
      And no evidence card lies face up
      Then Red may not take an evidence card
      And Red may place a detective or name a solution
